// The same-bytes ceiling of `npm run bench` (issue 52): bare node:http answering each request with the
// status, headers and bytes the app sent for the same URL, recorded just before. A row's share of it
// says how close the app comes to what Node itself reaches sending that very answer (a 6 KB brotli page,
// a 2 KB batch), which the 5-byte "hello" cannot say. Forked by the bench: it is sent `{ port }` once,
// then `{ answers: [[url, status, rawHeaders, base64 body], ...] }` before each row, and says when ready.
import http from 'node:http';

let answers = new Map();

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.statusCode = 404;
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});

process.on('message', (message) => {
  if (message.port !== undefined) {
    server.listen(message.port, '127.0.0.1', () => process.send({ listening: true }));
    return;
  }
  answers = new Map(message.answers.map(([url, status, headers, body]) => [url, { status, headers, body: Buffer.from(body, 'base64') }]));
  process.send({ ready: answers.size });
});
