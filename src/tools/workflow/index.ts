/** Seed 003's workflow helpers: workflow_validate and workflow_run (engine in src/workflows). */
import workflowRun from './workflow-run.js'
import workflowValidate from './workflow-validate.js'

export const workflowTools = [workflowValidate, workflowRun]
