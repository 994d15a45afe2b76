/** The web tools: seed 003's `http` and seed 002's `WebFetch`, both through the SSRF guard in src/net. */
import type { AnyTool } from '../define.js'
import http from './http.js'
import webFetch from './web-fetch.js'

export const webTools: AnyTool[] = [http, webFetch]
