/**
 * schemathesis closes each run, and opens each section, with a line of '=' around a message
 * ("===== No issues found in 95.12s ====="). That is the shape of pytest's closing line, and a
 * log reader that knows pytest takes "No issues found in 95.12s" for a run that executed no
 * test. Passed on to the log, those lines keep their words and lose the frame.
 */
const FRAMED = /^=+ (.+?) =+$/;

export function unframed(line: string): string {
  const framed = FRAMED.exec(line.trimEnd());
  return framed ? `-- schemathesis: ${framed[1]}` : line;
}
