/**
 * How WebFetch's thread reads a page (src/tools/web/support/page-text.ts, page-html.ts): Markdown
 * for what a browser would show, and the text with its tags stripped for a page too deep or too
 * heavy for turndown. The depth and weight come from parse5's tree: regexes over tags under-counted
 * after `<!-->`, `--!>`, `</script x>`, an unclosed `<head>`, `<noscript>` and `<template>`, and let
 * turndown spend a minute on a 1.2 MB page.
 */
import { describe, expect, it } from 'vitest'
import { innerHtml, readTree, textOf } from '../../../src/tools/web/support/page-html.js'
import pageText from '../../../src/tools/web/support/page-text.js'
import { pageTextOffThread } from '../../../src/tools/web/support/page-thread.js'
import { PAGE } from './servers.js'

const read = (html: string, url = 'http://site.test/dir/page.html') =>
  pageText({ body: Buffer.from(html), contentType: 'text/html', url, maxBytes: 1 << 20, why: 'test' })

describe('a page as Markdown', () => {
  it('keeps headings, links (absolute), lists and emphasis; drops head, scripts and styles', async () => {
    const { text, title, form } = await read(PAGE)
    expect({ title, form }).toEqual({ title: 'Test & Page', form: 'markdown' })
    expect(text).toContain('# Main Title')
    expect(text).toContain('## Items')
    expect(text).toContain('[relative link](http://site.test/docs/start)')
    expect(text).toContain('[an absolute one](https://example.org/abs)')
    expect(text).toMatch(/^- +first item$/m)
    expect(text).toMatch(/^1\. +step one$/m)
    expect(text).toContain('![Logo](http://site.test/img/logo.png)')
    expect(text).toContain('**42**')
    for (const gone of ['do-not-leak', 'inline script', 'color: red', 'Test & Page']) expect(text).not.toContain(gone)
  })

  it('leaves javascript: links as text and data: images as their alt', async () => {
    const { text } = await read('<p><a href="javascript:alert(1)">click</a> <img src="data:image/png;base64,AAAA" alt="pic"></p>', 'http://x.test/')
    expect(text).toBe('click [image: pic]')
  })

  it('a title keeps no control or format characters: 1,000 controls were 6 KB of JSON, a bidi override disguises', async () => {
    const { title } = await read(`<title>a\u0001${'\u0001'.repeat(1_000)}b\u202ec\u200b\u00e9</title><p>x`)
    expect(title).toBe('a b c \u00e9')
  })

  it('a <plaintext> is text to the end of the page, and only that (turndown’s wrapper tag showed after it)', async () => {
    expect((await read('<p>a</p><plaintext><b>x</b> & y')).text).toBe('a\n\n<b>x</b> & y')
  })

  it('a title that never closes is what a browser shows, cut to 1,000 characters', async () => {
    const { title } = await read(`<html><head>${'<title>'.repeat(28_000)}`)
    expect(title).toBe('<title>'.repeat(143).slice(0, 1_000))
  })
})

describe('depth, as the tree nests', () => {
  const deep = (html: string) => readTree(html).depth

  it('counts the levels a browser builds: implied ends and closed formatting do not nest', () => {
    expect(deep(`${'<div>'.repeat(1_200)}x`)).toBe(1_201)
    expect(deep(`<ul>${'<li>item<br><img src=x><p>para'.repeat(5_000)}</ul>`)).toBeLessThan(5)
    expect(deep(`${'<a href=x>x '.repeat(2_000)}`)).toBeLessThan(5) // each <a> closes the one before
    expect(deep(`${'<div/>'.repeat(1_000)}`)).toBe(1_001) // `/>` does not close a div in HTML
    expect(deep(`${'</b>'.repeat(20_000)}${'<div>'.repeat(600)}`)).toBe(601)
  })

  // Each hid 2,000 levels from the regex count; after them, the same nesting counts in full.
  it.each([
    ['an unclosed <head>', '<head>'],
    ['the comment <!-->', '<!-->'],
    ['a comment ended by --!>', '<!-- x --!>'],
    ['</script x>', '<script>a</script x>'],
    ['a closed <noscript>', '<noscript>n</noscript>'],
    ['a closed <template>', '<template><p>t</p></template>'],
  ])('cannot be hidden after %s', (_name, before) => {
    expect(deep(`${before}${'<div>'.repeat(2_000)}x`)).toBeGreaterThan(2_000)
  })

  it('does not count what a browser hides: comments, scripts, templates', () => {
    const script = `<script>${'for(i=0;i<n;i++)if(a<b&&c>d)x();'.repeat(1_000)}</script>`
    expect(deep(`<html><head>${script}</head><body>${script}<!-- ${'<div>'.repeat(600)} --><h1>Hello</h1></body></html>`)).toBe(2)
    expect(deep(`<template>${'<div>'.repeat(2_000)}</template><p>x`)).toBe(2)
  })
})

describe('pages turndown is not given', () => {
  it('20,000 nested <div>s: the text, stripped of tags', async () => {
    expect(await read(`${'<div>'.repeat(20_000)}deep text${'</div>'.repeat(20_000)}`)).toMatchObject({ text: 'deep text', form: 'text' })
  })

  it('800 KB of text under 500 levels (turndown took 16 s): the text, in under a second of tree and tokens', async () => {
    const html = `${'<div>'.repeat(495)}${'<p>para <b>b</b> <a href=/x>l</a>'.repeat(25_000)}`
    const started = performance.now()
    const page = await read(html)
    expect(page.form).toBe('text')
    expect(page.text.startsWith('para b l\n\npara b l')).toBe(true)
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it.each([
    ['32,000 spaces in <pre><code>', `<pre><code>x${' '.repeat(32_000)}\u00a0y</code></pre>`],
    ['32,000 newlines in <pre>', `<pre>x${'\n'.repeat(32_000)}\u00a0y</pre>`],
    ['16,000 space-nbsp pairs in <p>', `<p>x${' \u00a0'.repeat(16_000)}y</p>`],
  ])('%s (turndown’s trimming took 2-5 s, and the square of that for twice as many): Markdown in well under a second', async (_name, html) => {
    const started = performance.now()
    const { form, text } = await read(html)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(form).toBe('markdown')
    expect(text).toMatch(/^(```\n)?x\s{0,200}y(\n```)?$/) // the run shortened to 200 blanks at most
  })

  it('runs of blanks split by comments or hidden elements are joined, then cut (160 KB took turndown 25 s)', async () => {
    const started = performance.now()
    const { text } = await read(`<pre>x${`${' '.repeat(200)}<!><script></script>`.repeat(800)}y</pre>`)
    expect(text).toMatch(/^x {1,200}y$/)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('a page turndown takes too long over is given as text (80 KB of inline code took it 11 s)', async () => {
    const html = `<p><code><br>${'a'.repeat(20_000)}</code></p>` // 0.7 s of turndown; the call's limit here is 100 ms
    const ctx = { log: { warn: () => {} }, signal: new AbortController().signal } as never
    const job = { body: Buffer.from(html), contentType: 'text/html', url: 'http://x.test/', maxBytes: 1 << 20, why: 'test' }
    expect(await pageTextOffThread(job, ctx, 100)).toMatchObject({ form: 'text', text: 'a'.repeat(20_000) })
    // Positive control: with time enough, the same page is Markdown.
    expect((await pageTextOffThread(job, ctx)).form).toBe('markdown')
  }, 30_000)

  it('600 unclosed <font>s and 2,000 unclosed <a>s are still Markdown (positive control)', async () => {
    expect((await read(`${'<font>x '.repeat(600)}`)).form).toBe('markdown')
    expect((await read(`${'<a href=/y>y '.repeat(2_000)}`)).text).toMatch(/^\[y\]\(http:\/\/site\.test\/y\) \[y\]/)
  })
})

describe('only what the answer can carry is converted', () => {
  const kept = (html: string, maxBytes: number) => {
    const { body, cut } = readTree(html, maxBytes)
    return { html: body ? innerHtml(body) : '', cut }
  }

  it('drops what follows the text that crosses the budget, at every level, cuts that text, and says so', () => {
    expect(kept('<div><p>aaa</p><p>bbb</p><p>ccc</p></div><p>ddd</p>', 4)).toEqual({ html: '<div><p>aaa</p><p>bb</p></div>', cut: true })
    expect(kept('<p>aaa <b>bbb</b> ccc</p><p>ddd</p>', 4)).toEqual({ html: '<p>aaa <b>bb</b></p>', cut: true })
    expect(kept('<p>aaa</p><p>bbb</p>', 4)).toEqual({ html: '<p>aaa</p><p>bb</p>', cut: true })
    // The crossing text kept whole, and nothing after it: nothing dropped (the Markdown is cut as before, counted).
    expect(kept('<p>aaa</p><p>bbb</p>', 5)).toEqual({ html: '<p>aaa</p><p>bbb</p>', cut: false })
    expect(kept('<p>aaa</p><p>bbb</p>', 6)).toEqual({ html: '<p>aaa</p><p>bbb</p>', cut: false })
  })

  it('one text of 1.2 MB (a <plaintext> to the end of the page) is cut to the budget too', () => {
    const tree = kept(`<p>start</p><plaintext>${'y '.repeat(600_000)}`, 1_000)
    expect(tree.cut).toBe(true)
    expect(tree.html.length).toBeLessThan(2_100) // 1,001 y's and their blanks
    expect(tree.html).toMatch(/^<p>start<\/p><pre>(y ){995}y<\/pre>$/) // written back as a <pre> (see readTree)
    expect(kept(`<p>${'\u00e9'.repeat(10)}</p>`, 5).html).toBe(`<p>${'\u00e9'.repeat(3)}</p>`) // 6 bytes, more than 5
  })

  it('counts UTF-8 bytes of what a reader sees: not blanks, scripts or comments', () => {
    expect(kept('<p>\u00e9\u00e9</p><p>x</p>', 3).cut).toBe(true) // two 2-byte characters cross 3
    expect(kept('<p>\u00e9\u00e9</p><p>x</p>', 4).cut).toBe(false)
    const hidden = `<script>${'s'.repeat(100_000)}</script><!-- ${'c'.repeat(100_000)} --><pre>${' \n'.repeat(50_000)}</pre>`
    expect(kept(`${hidden}<p>end</p>`, 10)).toMatchObject({ cut: false })
    expect(kept(`${hidden}<p>end</p>`, 10).html).toContain('<p>end</p>')
  })

  it('a 2 MB page with room for 10 KB: Markdown of its beginning, with a marker that claims no more than it counted', async () => {
    const para = '<p>Some <b>bold</b> text with a <a href="/x">link</a>.</p>\n'
    const html = `<title>Long</title>${para.repeat(32_000)}`
    const tree = kept(html, 10_000)
    expect(tree.cut).toBe(true)
    expect(tree.html.length).toBeLessThan(html.length / 50) // ~420 paragraphs kept of 32,000
    const page = await pageText({ body: Buffer.from(html), contentType: 'text/html', url: 'http://x.test/', maxBytes: 10_000, why: 'test' })
    expect(page).toMatchObject({ form: 'markdown', cut: true, title: 'Long' })
    expect(page.text.startsWith('Some **bold** text with a [link](http://x.test/x).')).toBe(true)
    expect(page.text).toMatch(/\n…\[truncated: at least \d+ more bytes; test\]$/) // the Markdown cut, not the rest never converted
    expect(Buffer.byteLength(page.text)).toBeLessThan(10_100)
  })

  it('text turndown leaves out (a <pre>’s after its <code>) does not cost the page what follows it', async () => {
    const html = `<h1>Docs</h1><pre><code></code>${'x'.repeat(2_000)}</pre><p>Read after the block.</p>`
    expect(kept(html, 1_000).cut).toBe(true) // counted, so the cut tree lost the paragraph
    const page = await pageText({ body: Buffer.from(html), contentType: 'text/html', url: 'http://x.test/', maxBytes: 1_000, why: 'test' })
    expect(page).toMatchObject({ form: 'markdown', cut: false })
    expect(page.text).toContain('Read after the block.')
  })

  it('a page that fits is whole, with no marker (positive control)', async () => {
    const page = await read('<p>one</p><p>two</p>')
    expect(page).toEqual({ text: 'one\n\ntwo', title: undefined, form: 'markdown', cut: false })
  })
})

describe('the text of a page', () => {
  it('leaves out hidden elements and comments, decodes entities, and starts lines at blocks', async () => {
    const { text, title } = await textOf(PAGE)
    expect(title).toBe('Test & Page')
    expect(text).toContain('Main Title')
    for (const gone of ['do-not-leak', 'inline script', 'color: red', 'Test', '<']) expect(text).not.toContain(gone)
    expect((await textOf('<p>a &amp; b &#x41;</p>\n\n\n<p>next</p>')).text).toBe('a & b A\n\nnext')
    expect((await textOf('<p>one</p><p>two</p>')).text).toBe('one\n\ntwo')
  })

  it('keeps script text out as a browser does, however the script is spelled', async () => {
    for (const html of [
      '<p>before</p><script>var x = "<p>in script</p>"',
      '<p>before</p><script><!--<script>var a="</script>leak"</script>',
      '<p>before</p><script>a</script x>',
      '<p>before</p><style>p{}</style >',
      '<p>before</p><noscript><p>leak</p></noscript>',
    ]) {
      expect((await textOf(html)).text, html).toBe('before')
    }
    expect((await textOf('<p>before</p><script>a</script><p>after</p>')).text).toBe('before\n\nafter') // positive control
  })

  it('stays linear on a tag name with no end (a regex backtracked: 16 KB took 0.36 s, 200 KB minutes)', async () => {
    const started = performance.now()
    for (const html of [`<html><body><a${'b'.repeat(200_000)}`, `<a${' b'.repeat(100_000)}`, '<a'.repeat(100_000)]) {
      expect(readTree(html).depth).toBeLessThan(5)
      await textOf(html)
    }
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
