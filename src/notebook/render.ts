/**
 * What the tools' arguments look like as notebook cells. Cells are nbformat 4.5 objects with a
 * stable `id` (unique in the notebook: section cells carry their emission number), so the stored
 * cell is exactly the cell that will be written. The cell shapes and their constructors are in model.ts.
 */

export interface Callout {
  type: 'tip' | 'warning' | 'note'
  message: string
}

const CALLOUT_LABEL: Record<Callout['type'], string> = { tip: 'Tip', warning: 'Warning', note: 'Note' }

/** `> **Tip:** message`, every further line of the message kept inside the quote. */
export function renderCallout(c: Callout): string {
  const lines = c.message.trim().split(/\r?\n/)
  return [`> **${CALLOUT_LABEL[c.type]}:** ${lines[0]}`, ...lines.slice(1).map((l) => (l.trim() ? `> ${l}` : '>'))].join('\n')
}

/** A heading is one line: a title sent with line breaks must not spill into the body. */
export function oneLine(text: string): string {
  return text.trim().replace(/\s*\r?\n\s*/g, ' ')
}

export interface MarkdownStep {
  title: string
  body: string
  callouts: Callout[]
  prerequisites_check?: string[]
  next_section_hint?: string
}

export function renderMarkdownStep(step: MarkdownStep): string {
  const parts = [`## ${oneLine(step.title)}`]
  const checks = (step.prerequisites_check ?? []).map((p) => p.trim()).filter(Boolean)
  if (checks.length) parts.push(['**Before you start, check that:**', ...checks.map((p) => `- [ ] ${p}`)].join('\n'))
  parts.push(step.body.trim())
  for (const c of step.callouts) parts.push(renderCallout(c))
  if (step.next_section_hint?.trim()) parts.push(`**Up next:** ${step.next_section_hint.trim()}`)
  return parts.join('\n\n')
}

export function renderNarration(narration: string, expectedOutput?: string): string {
  const parts = [narration.trim()]
  if (expectedOutput?.trim()) parts.push(`**Expected output:** ${expectedOutput.trim()}`)
  return parts.join('\n\n')
}

export interface Question {
  prompt: string
  options: string[]
  correct_index: number
  explanation: string
}

const letter = (i: number) => String.fromCharCode(65 + i)

export function renderQuestions(section: number, questions: Question[]): string {
  const parts = [`### Check your understanding (section ${section})`]
  questions.forEach((q, n) => {
    parts.push(`**Question ${n + 1}.** ${q.prompt.trim()}`)
    parts.push(q.options.map((o, i) => `- **${letter(i)}.** ${o.trim().replace(/\r?\n/g, ' ')}`).join('\n'))
  })
  parts.push('Write your answers in `my_answers` in the next cell, then run it.')
  return parts.join('\n\n')
}

/**
 * The answer check: the learner's letters in `my_answers`, a `check_answer` function that says
 * right or wrong and prints the explanation. The questions are bound as a default argument, so a
 * later assessment cell (which defines its own `check_answer`) never changes this one's answers.
 */
export function renderAnswerCheck(questions: Question[]): string {
  const py = (s: string) => JSON.stringify(s) // a JSON string is a valid Python string literal
  const quiz = questions.map((q) => `    {"correct": ${q.correct_index}, "options": ${q.options.length}, "explanation": ${py(q.explanation.trim())}},`)
  const blanks = questions.map((_, n) => `${n + 1}: ""`).join(', ')
  return [
    '# Put your letter after each question number (e.g. {1: "B"}), then run this cell.',
    `my_answers = {${blanks}}`,
    '',
    'QUIZ = [',
    ...quiz,
    ']',
    '',
    '',
    'def check_answer(question, choice, quiz=QUIZ):',
    '    """Check `choice` (a letter such as "B") for `question` (numbered from 1) and print the explanation."""',
    '    q = quiz[question - 1]',
    '    letter = str(choice).strip().upper()',
    '    if len(letter) != 1 or not "A" <= letter < chr(ord("A") + q["options"]):',
    '        print("Question %d: answer with one of the letters A to %s." % (question, chr(ord("A") + q["options"] - 1)))',
    '        return None',
    '    correct = ord(letter) - ord("A") == q["correct"]',
    '    verdict = "correct" if correct else "not quite: the answer is %s" % chr(ord("A") + q["correct"])',
    '    print("Question %d: %s." % (question, verdict))',
    '    print("  " + q["explanation"])',
    '    return correct',
    '',
    '',
    'for number, choice in my_answers.items():',
    '    if str(choice).strip():',
    '        check_answer(number, choice)',
    '    else:',
    '        print("Question %d: no answer yet; set my_answers[%d] to a letter." % (number, number))',
  ].join('\n')
}
