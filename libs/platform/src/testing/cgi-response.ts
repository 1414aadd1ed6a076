/** The head of a CGI program's answer: the status and headers it printed before the blank line. */
export interface CgiHead {
  status: number;
  headers: [string, string][];
  /** Where the body starts in the buffer the head was read from. */
  bodyStart: number;
}

/**
 * Parses a CGI answer's head (RFC 3875 §6): header lines up to the first empty line, `Status: 404 Not Found`
 * giving the status (200 without it). Null while the buffer does not yet hold the whole head. Lines may end
 * with CRLF or LF alone (git http-backend writes CRLF; other programs LF).
 */
export function parseCgiHead(buffer: Buffer): CgiHead | null {
  const text = buffer.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  if (!end) return null;
  let status = 200;
  const headers: [string, string][] = [];
  for (const line of text.slice(0, end.index).split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`not a CGI header line: ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
    else headers.push([name, value]);
  }
  if (!Number.isInteger(status) || status < 100 || status > 599) throw new Error(`bad CGI status in ${JSON.stringify(text.slice(0, end.index))}`);
  return { status, headers, bodyStart: end.index + end[0].length };
}
