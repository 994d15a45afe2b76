/** The subagent tool: Task (seed 002, category TASK). */
import task from './Task.js'

export const taskTools = [task]
