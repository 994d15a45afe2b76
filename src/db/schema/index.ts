export * from './keys.js'
export * from './executions.js'
export * from './approvals.js'
export * from './shells.js'
