/** Seed 001 `hello`: the connectivity check. Public, and limited to 100 calls a minute per caller. */
import { Type } from 'typebox'
import { defineTool } from '../define.js'
import { DateTime } from '../schema.js'
import { isoSeconds } from '../../lib/iso-seconds.js'

export default defineTool({
  name: 'hello',
  toolset: 'booster',
  category: 'OTHER',
  description: 'Returns a greeting message. Use for testing MCP connectivity.',
  input: Type.Object({
    name: Type.Optional(Type.String({ description: 'Name to greet', default: 'World' })),
  }),
  examples: [{ summary: "Greet a learner (seed 001's example)", value: { name: 'Learner' } }],
  output: Type.Object({
    message: Type.String({ description: 'Greeting message' }),
    timestamp: DateTime({ description: 'Server timestamp' }),
  }),
  scope: 'public',
  rateLimit: '100/minute',
  annotations: { title: 'Hello', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  timeout: { defaultMs: 5_000, maxMs: 10_000 },
  execute: ({ name = 'World' }) => ({ message: `Hello, ${name}!`, timestamp: isoSeconds() }),
})
