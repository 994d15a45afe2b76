/**
 * The notebook tools: seed 002's NotebookEdit (edits a notebook file in the workspace) and seed 000's
 * authoring tools (`alain` toolset: state in Postgres, one run per session). All share src/notebook/model.ts.
 */
import type { AnyTool } from '../define.js'
import notebookEdit from './notebook-edit.js'
import addDependency from './add-dependency.js'
import emitMarkdownStep from './emit-markdown-step.js'
import emitCodeCell from './emit-code-cell.js'
import recordAssessment from './record-assessment.js'
import finalize from './finalize.js'

/** Seed 002's NotebookEdit, a file tool of the `claude` toolset, kept apart from the `alain` set. */
export const notebookEditTools: AnyTool[] = [notebookEdit]

export const notebookTools: AnyTool[] = [addDependency, emitMarkdownStep, emitCodeCell, recordAssessment, finalize]
