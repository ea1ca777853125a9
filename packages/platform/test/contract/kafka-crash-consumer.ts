// A consumer process for the Kafka crash test: prints each event it receives and kills itself (SIGKILL, no
// cleanup, no commit) while handling the event of type "Crash".
import { KafkaEventBus } from '../../src/adapters/kafka/kafka-event-bus';

const [brokers, group, topic] = process.argv.slice(2) as [string, string, string];
const bus = new KafkaEventBus({ brokers: [brokers], clientId: 'crash-consumer', sessionTimeoutMs: 6000 });
void bus.subscribe(group, [topic], async (event) => {
  process.stdout.write(`${event.type}\n`);
  if (event.type === 'Crash') process.kill(process.pid, 'SIGKILL');
});
