/** The execution tools: Bash, BashOutput, KillShell (seed 002) and shell (seed 003). */
import bash from './bash.js'
import bashOutput from './bash-output.js'
import killShell from './kill-shell.js'
import shell from './shell.js'

export const execTools = [bash, bashOutput, killShell, shell]
