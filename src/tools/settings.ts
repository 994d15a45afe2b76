/**
 * The part of the configuration tools may read: workspace rules, limits and switches, never a key,
 * a password or a URL with credentials. Tools get a copy of these fields, not `AppConfig` itself.
 */
import type { AppConfig } from '../config.js'

const TOOL_SETTING_KEYS = [
  'blockPolicy',
  'fetchMaxBytes',
  'netAllow',
  'gitCommits',
  'holdRisky',
  'rg',
  'memoryDir',
  'checkpointEvery',
  'python',
] as const satisfies readonly (keyof AppConfig)[]

export type ToolSettings = Readonly<Pick<AppConfig, (typeof TOOL_SETTING_KEYS)[number]>>

/** Copies the secret-free fields, once per app; the same object is shared by every call. */
export function toolSettingsOf(config: AppConfig): ToolSettings {
  return Object.freeze(Object.fromEntries(TOOL_SETTING_KEYS.map((k) => [k, config[k]]))) as ToolSettings
}
