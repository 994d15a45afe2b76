/**
 * The served tools as the workflow checker and engine see them: input schemas from the registry
 * (the limited ones every surface shows), one argument checked with the validator's own seed 002 §5
 * messages, and whether a tool is read-only (safe to run again after a crash).
 */
import type { AnyTool } from '../tools/define.js'
import type { Registry } from '../tools/registry.js'
import { compileInputValidator, type Validation } from '../tools/validate.js'
import type { ToolCatalog, ToolInput } from './check.js'
import { NOT_STEPS } from './check-steps.js'

type JsonObject = { properties?: Record<string, unknown>; required?: string[] }

export function registryCatalog(registry: Registry): ToolCatalog & { isReadOnly(tool: string): boolean } {
  // One small validator per tool and argument, compiled when a workflow first passes that argument as a plain value.
  const validators = new WeakMap<AnyTool, Map<string, (args: unknown) => Validation>>()
  const validatorFor = (tool: AnyTool, name: string, schema: unknown) => {
    let byName = validators.get(tool)
    if (!byName) validators.set(tool, (byName = new Map()))
    let check = byName.get(name)
    if (!check) {
      const input = { type: 'object', properties: { [name]: schema } } as unknown as AnyTool['input']
      byName.set(name, (check = compileInputValidator({ ...tool, input })))
    }
    return check
  }
  return {
    input(name): ToolInput | undefined {
      const registered = registry.get(name)
      if (!registered || NOT_STEPS.has(registered.tool.name)) return undefined
      const { tool } = registered
      const schema = tool.input as JsonObject
      const properties = schema.properties ?? {}
      return {
        properties,
        required: schema.required ?? [],
        checkArgument(arg, value) {
          if (!Object.hasOwn(properties, arg)) return undefined
          const result = validatorFor(tool, arg, properties[arg])({ [arg]: value })
          return result.ok ? undefined : result.error.message
        },
      }
    },
    suggest: (name) => registry.suggest(name).filter((n) => !NOT_STEPS.has(n)),
    isReadOnly(name) {
      const tool = registry.get(name)?.tool
      return !!tool && (tool.scope === 'read' || tool.scope === 'public') && tool.annotations?.readOnlyHint === true
    },
  }
}
