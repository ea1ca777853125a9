import { NotFound, fold } from '@12yards/platform';
import { decide, serviceStatusDecider } from '../src/service-status/decide';
import type { ServiceStatusEvent } from '../src/service-status/events';
import { evolve, initialState } from '../src/service-status/evolve';

const at = new Date('2026-11-22T10:00:00.000Z');
const registered: ServiceStatusEvent = {
  type: 'ServiceRegistered',
  data: {
    id: 'auctions',
    serviceName: 'Auctions',
    status: 'operational',
    description: null,
    at: at.toISOString(),
  },
};

describe('service status decide/evolve', () => {
  it('Given no service, when it is registered, then ServiceRegistered is decided', () => {
    const events = decide(
      { type: 'RegisterService', id: 'auctions', serviceName: 'Auctions', status: 'operational', at },
      initialState(),
    );
    expect(events).toEqual([registered]);
  });

  it('Given a registered service, when it is registered again, then nothing happens', () => {
    const state = fold(serviceStatusDecider, [registered]);
    expect(
      decide(
        { type: 'RegisterService', id: 'auctions', serviceName: 'Auctions', status: 'issue', at },
        state,
      ),
    ).toEqual([]);
  });

  it('Given an operational service, when it is marked as an issue, then ServiceStatusChanged records both states', () => {
    const state = fold(serviceStatusDecider, [registered]);
    expect(decide({ type: 'ChangeServiceStatus', id: 'auctions', status: 'issue', at }, state)).toEqual([
      {
        type: 'ServiceStatusChanged',
        data: { id: 'auctions', status: 'issue', previousStatus: 'operational', at: at.toISOString() },
      },
    ]);
  });

  it('Given a service already in that state, when the same status is set, then no event is decided', () => {
    const state = fold(serviceStatusDecider, [registered]);
    expect(decide({ type: 'ChangeServiceStatus', id: 'auctions', status: 'operational', at }, state)).toEqual(
      [],
    );
  });

  it('Given no service, when its status is changed, then it is a 404', () => {
    expect(() =>
      decide({ type: 'ChangeServiceStatus', id: 'nope', status: 'issue', at }, initialState()),
    ).toThrow(NotFound);
  });

  it('Given a history, when it is folded, then the state is the last status', () => {
    const changed: ServiceStatusEvent = {
      type: 'ServiceStatusChanged',
      data: { id: 'auctions', status: 'issue', previousStatus: 'operational', at: at.toISOString() },
    };
    expect([registered, changed].reduce(evolve, initialState())).toEqual({ exists: true, status: 'issue' });
  });
});
