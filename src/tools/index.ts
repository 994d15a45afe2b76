/**
 * Every tool toolgate serves, by area. Adding a tool is adding its file and one line in its area's
 * index. A tool's file is named after the tool (without its toolset prefix: `git_status` is
 * git/status.ts); what is not a tool lives in the area's support/ folder or in a domain folder of src/.
 */
import type { AnyTool } from './define.js'
import { boosterTools } from './booster/index.js'
import { execTools } from './exec/index.js'
import { gitTools } from './git/index.js'
import { fileTools } from './fs/index.js'
import { searchTools } from './search/index.js'
import { textTools } from './text/index.js'
import { webSearchTools } from './web-search/index.js'
import { webTools } from './web/index.js'
import { corpusTools } from './corpus/index.js'
import { contextTools, glossaryTools } from './glossary/index.js'
import { notebookEditTools, notebookTools } from './notebook/index.js'
import { validatorTools } from './validator/index.js'
import { workflowTools } from './workflow/index.js'
import { taskTools } from './task/index.js'

export const allTools: AnyTool[] = [
  ...boosterTools,
  ...fileTools,
  ...notebookEditTools,
  ...searchTools,
  ...execTools,
  ...gitTools,
  ...webTools,
  ...webSearchTools,
  ...taskTools,
  ...textTools,
  ...glossaryTools,
  ...corpusTools,
  ...contextTools,
  ...notebookTools,
  ...validatorTools,
  ...workflowTools,
]
