/** An execution record for history tests: a finished `hello` call, with whatever a test changes. */
import type { ExecutionRecord } from '../../src/history/row.js'
import { v7 as uuidv7 } from 'uuid'

const at = new Date('2026-11-24T01:52:22.345Z')

export function executionRecord(over: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return {
    id: uuidv7(),
    tool: 'hello',
    toolset: 'booster',
    transport: 'rest',
    params: { name: 'bench' },
    callerId: 'key_0a1b',
    callerName: 'ci bot',
    sessionId: null,
    agentId: null,
    requestId: null,
    status: 'ok',
    httpStatus: 200,
    errorCode: null,
    error: null,
    result: { message: 'Hello, bench!' },
    messages: [],
    dryRun: 0,
    usage: null,
    durationMs: 3,
    startedAt: at,
    completedAt: at,
    ...over,
  }
}
