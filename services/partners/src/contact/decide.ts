import { NotFound, type Decider } from '@12yards/platform';
import type { ContactEvent, ContactStatus } from './events';
import { evolve, initialState, type ContactState } from './evolve';

export type ContactCommand =
  | {
      type: 'ReceiveMessage';
      id: string;
      name: string;
      email: string;
      subject: string;
      message: string;
      at: Date;
    }
  | { type: 'ChangeContactStatus'; id: string; status: ContactStatus; at: Date };

export function decide(command: ContactCommand, state: ContactState): ContactEvent[] {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'ReceiveMessage': {
      if (state.exists) return [];
      const { id, name, email, subject, message } = command;
      return [{ type: 'ContactMessageReceived', data: { id, name, email, subject, message, at } }];
    }
    case 'ChangeContactStatus':
      if (!state.exists) throw new NotFound(`No contact message with id ${command.id}`);
      if (state.status === command.status) return [];
      return [
        {
          type: 'ContactStatusChanged',
          data: { id: command.id, status: command.status, previousStatus: state.status, at },
        },
      ];
  }
}

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  initialState,
  decide,
  evolve,
};
