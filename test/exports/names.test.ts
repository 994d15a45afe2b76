import { describe, expect, it } from 'vitest'
import { assertMappable, fromProviderName, isProviderSafe, nameMap, toProviderName } from '../../src/tools/provider-names.js'
import { ALL } from './fixtures.js'

describe('provider names', () => {
  it('round-trips dotted names', () => {
    for (const name of ['notebook.add_dependency', 'validator.run_quality']) {
      const mapped = toProviderName(name)
      expect(mapped).toBe(name.replace('.', '__'))
      expect(isProviderSafe(mapped)).toBe(true)
      expect(isProviderSafe(name)).toBe(false)
      expect(fromProviderName(mapped)).toBe(name)
      expect(() => assertMappable(name)).not.toThrow()
    }
    expect(toProviderName('Read')).toBe('Read')
    expect(fromProviderName('Read')).toBe('Read')
  })

  it('maps only changed names', () => {
    expect(nameMap(ALL)).toEqual({
      notebook__add_dependency: 'notebook.add_dependency',
      validator__run_quality: 'validator.run_quality',
    })
  })

  it('rejects names it cannot map', () => {
    expect(() => assertMappable('a__b')).toThrow(/must not contain "__"/)
    expect(() => assertMappable('a b')).toThrow(/only letters/)
    expect(() => assertMappable('tool/x')).toThrow(/only letters/)
    expect(() => assertMappable('')).toThrow(/non-empty/)
    expect(() => assertMappable('a_.b')).toThrow(/reversibly/)
    expect(() => assertMappable('x'.repeat(65))).toThrow(/limit is 64/)
    // 62 characters with one dot: fine as is, 63 after mapping is still fine, 64 is the edge.
    expect(() => assertMappable(`${'x'.repeat(31)}.${'y'.repeat(31)}`)).not.toThrow()
    expect(() => assertMappable(`${'x'.repeat(31)}.${'y'.repeat(32)}`)).toThrow(/65 chars/)
    expect(() => assertMappable('x'.repeat(64))).not.toThrow()
  })
})
