// The HTTP edge of a service without its storage, for the replica baseline (replica-baseline.ts): helmet, a JSON body
// parsed, a document made and sent back with 201. Listens with SO_REUSEPORT, so several processes share one port and
// the kernel spreads the connections among them, with no balancer in between.
import express from 'express';
import helmet from 'helmet';

const app = express();
app.use(helmet());
app.use(express.json());
let n = 0;
app.post('/faqs', (req, res) => {
  res.status(201).json({ id: `faq-${process.pid}-${++n}`, ...req.body, createdAt: new Date().toISOString() });
});
const server = app.listen({ port: Number(process.env.PORT), host: '127.0.0.1', reusePort: true }, () =>
  process.send?.('listening'),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
