import { parseCgiHead } from './cgi-response';

describe('parseCgiHead', () => {
  it('reads the status and headers up to the blank line, CRLF or LF', () => {
    const crlf = Buffer.from('Status: 404 Not Found\r\nContent-Type: text/plain\r\nExpires: Fri, 01 Jan 1980 00:00:00 GMT\r\n\r\nbody');
    expect(parseCgiHead(crlf)).toEqual({ status: 404, headers: [['Content-Type', 'text/plain'], ['Expires', 'Fri, 01 Jan 1980 00:00:00 GMT']], bodyStart: crlf.indexOf('body') });
    const lf = Buffer.from('Content-Type: application/x-git-upload-pack-advertisement\n\n0000');
    expect(parseCgiHead(lf)).toMatchObject({ status: 200, bodyStart: lf.indexOf('0000') });
  });

  it('waits for the rest of a head split across chunks', () => {
    expect(parseCgiHead(Buffer.from('Status: 200 OK\r\nContent-Type: text/pl'))).toBeNull();
  });

  it('refuses what is not a CGI head', () => {
    expect(() => parseCgiHead(Buffer.from('no colon here\r\n\r\n'))).toThrow('not a CGI header line');
    expect(() => parseCgiHead(Buffer.from('Status: soon\r\n\r\n'))).toThrow('bad CGI status');
  });
});
