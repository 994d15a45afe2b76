/** The workspace file tools: seed 002's Read, Write, Edit and seed 003's fs_*, fs_glob included (NotebookEdit is with the notebook tools). Helpers live in support/. */
import edit from './edit.js'
import fsGlob from './fs-glob.js'
import fsList from './fs-list.js'
import fsMkdir from './fs-mkdir.js'
import fsRead from './fs-read.js'
import fsRemove from './fs-remove.js'
import fsWrite from './fs-write.js'
import read from './read.js'
import write from './write.js'

export const fileTools = [read, write, edit, fsRead, fsWrite, fsList, fsMkdir, fsRemove, fsGlob]
