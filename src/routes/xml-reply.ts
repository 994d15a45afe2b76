/**
 * Content negotiation for tools that answer in XML (seed 004): the same outcome the JSON answer
 * carries, as the seed's elements. The gateway's own fields travel in headers so that the body
 * stays element for element what the seed shows: `X-Execution-Id`, `X-Duration-Ms` and, when
 * there are warnings, `X-Tool-Messages` (a JSON array). Errors and pending calls get one element.
 */
import type { FastifyReply } from 'fastify'
import { el, xmlDocument, type XmlElement } from '../lib/xml.js'
import type { AnyTool } from '../tools/define.js'

interface Outcome {
  statusCode: number
  body: Record<string, unknown>
  headers: Record<string, string>
}

// Header values must be ASCII: JSON.stringify leaves non-ASCII as is, so escape it.
const asciiJson = (v: unknown) => JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

export function outcomeXml(tool: AnyTool | undefined, outcome: Outcome): XmlElement {
  const b = outcome.body
  if (outcome.statusCode === 200 && b.status === 'ok' && tool?.xml) return tool.xml(b)
  if (b.status === 'pending') {
    return el(
      'pending',
      { approval_id: b.approval_id as string, execution_id: b.execution_id as string, expires_at: b.expires_at as string },
      ...((b.messages as string[] | undefined) ?? []),
    )
  }
  return el('error', { code: b.error_code as string, status: outcome.statusCode }, String(b.error_message ?? ''))
}

export function sendXml(reply: FastifyReply, tool: AnyTool | undefined, outcome: Outcome) {
  const b = outcome.body
  const headers: Record<string, string> = { ...outcome.headers, 'content-type': 'application/xml; charset=utf-8' }
  if (typeof b.execution_id === 'string') headers['x-execution-id'] = b.execution_id
  if (typeof b.duration_ms === 'number') headers['x-duration-ms'] = String(b.duration_ms)
  const messages = b.messages as string[] | undefined
  if (messages?.length) headers['x-tool-messages'] = asciiJson(messages)
  return reply
    .code(outcome.statusCode)
    .headers(headers)
    .send(xmlDocument(outcomeXml(tool, outcome)))
}
