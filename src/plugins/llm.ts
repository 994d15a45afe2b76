/**
 * The LLM provider, offered to tools as `ctx.services.llm`. It is always there: without
 * LLM_BASE_URL and LLM_MODEL it is `configured: false` and tools fall back to what they can do
 * alone. It has its own connection pool (not the fetch tools' SSRF-guarded one), closed with the app.
 */
import fp from 'fastify-plugin'
import { Agent } from 'undici'
import { createLlmProvider } from '../llm/provider.js'

export default fp(
  async (app) => {
    const log = app.log.child({ component: 'llm' })
    const dispatcher = new Agent({ connect: { timeout: 10_000 }, keepAliveTimeout: 30_000 })
    const llm = createLlmProvider(app.config.llm, { dispatcher, log })
    app.toolServices.llm = llm
    if (llm.configured) {
      const u = new URL(app.config.llm.baseUrl!)
      log.info({ model: llm.model, endpoint: `${u.protocol}//${u.host}${u.pathname}` }, `LLM configured: ${llm.model}`)
    }
    app.addHook('onClose', async () => dispatcher.close())
  },
  { name: 'llm', dependencies: ['config', 'registry'] },
)
