/** The git tools of seed 003 (toolset codex, category GIT), each git command run in the OS sandbox. */
import applyPatch from './apply-patch.js'
import branches from './branches.js'
import commit from './commit.js'
import diff from './diff.js'
import show from './show.js'
import status from './status.js'

export const gitTools = [status, diff, show, applyPatch, branches, commit]
