/**
 * Per-tool call counters and duration histograms, counted in plain numbers on every call and
 * turned into Prometheus metrics only when scraped. prom-client's own label children hash their
 * label set and stringify bucket bounds on each observation, which showed in the call profile.
 */
import type { Registry } from 'prom-client'

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string }

/** What prom-client's registry asks of a metric: a name, help, a type, and its values when scraped. */
interface ScrapedMetric {
  name: string
  help: string
  type: 'counter' | 'histogram'
  aggregator: 'sum'
  get(): { name: string; help: string; type: string; aggregator: 'sum'; values: Sample[] }
  /** For registry.resetMetrics(). */
  reset(): void
}

export interface ToolMetricNames {
  calls: string
  errors: string
  duration: string
}

interface ToolStats {
  byStatus: Map<string, number>
  byCode: Map<string, number>
  /** Observations per bucket (not cumulative); the last slot is +Inf. */
  buckets: Float64Array
  sum: number
  count: number
}

export class ToolMetrics {
  private readonly tools = new Map<string, ToolStats>()

  constructor(private readonly bounds: readonly number[]) {}

  observe(tool: string, status: string, errorCode: string | undefined, seconds: number): void {
    let s = this.tools.get(tool)
    if (!s) this.tools.set(tool, (s = { byStatus: new Map(), byCode: new Map(), buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 }))
    s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1)
    if (errorCode) s.byCode.set(errorCode, (s.byCode.get(errorCode) ?? 0) + 1)
    let i = 0
    while (i < this.bounds.length && seconds > this.bounds[i]) i++
    s.buckets[i]++
    s.sum += seconds
    s.count++
  }

  /** Registers the three metrics in `registry`; their values are read from the counts at each scrape. */
  register(registry: Registry, names: ToolMetricNames, help: ToolMetricNames): void {
    const metric = (name: string, helpText: string, type: 'counter' | 'histogram', values: () => Sample[]): ScrapedMetric => ({
      name,
      help: helpText,
      type,
      aggregator: 'sum',
      get: () => ({ name, help: helpText, type, aggregator: 'sum', values: values() }),
      reset: () => this.tools.clear(),
    })
    const reg = registry as unknown as { registerMetric(m: ScrapedMetric): void }
    reg.registerMetric(
      metric(names.calls, help.calls, 'counter', () => this.each((tool, s) => [...s.byStatus].map(([status, value]) => ({ labels: { tool, status }, value })))),
    )
    reg.registerMetric(
      metric(names.errors, help.errors, 'counter', () => this.each((tool, s) => [...s.byCode].map(([code, value]) => ({ labels: { tool, code }, value })))),
    )
    const bucket = `${names.duration}_bucket`
    reg.registerMetric(
      metric(names.duration, help.duration, 'histogram', () =>
        this.each((tool, s) => {
          let cumulative = 0
          const out: Sample[] = this.bounds.map((le, i) => ({ metricName: bucket, labels: { le, tool }, value: (cumulative += s.buckets[i]) }))
          out.push(
            { metricName: bucket, labels: { le: '+Inf', tool }, value: s.count },
            { metricName: `${names.duration}_sum`, labels: { tool }, value: s.sum },
            { metricName: `${names.duration}_count`, labels: { tool }, value: s.count },
          )
          return out
        }),
      ),
    )
  }

  private each<T>(fn: (tool: string, s: ToolStats) => T[]): T[] {
    return [...this.tools].flatMap(([tool, s]) => fn(tool, s))
  }
}
