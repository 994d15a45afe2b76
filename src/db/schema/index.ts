export * from './keys.js'
export * from './executions.js'
export * from './approvals.js'
