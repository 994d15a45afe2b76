/** The text tools of seed 003: summarize (LLM map-reduce or extractive) and analyze (statistics). */
import analyze from './analyze.js'
import summarize from './summarize.js'

export const textTools = [summarize, analyze]
