/** The search tools: Claude Code's Glob and Grep (Codex's fs_glob lives with the fs tools). */
import glob from './glob.js'
import grep from './grep.js'

export const searchTools = [glob, grep]
