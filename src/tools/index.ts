/** Every tool toolgate serves, by toolset. Adding a tool is adding its file and one line here. */
import type { AnyTool } from './define.js'
import { boosterTools } from './booster/index.js'

export const allTools: AnyTool[] = [...boosterTools]
