import { NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { serviceStatusDecider } from '../src/service-status/decide';
import type { ServiceStatusEvent } from '../src/service-status/events';

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
const given = DeciderSpecification.for(serviceStatusDecider);

describe('service status decide/evolve', () => {
  it('Given no service, when it is registered, then ServiceRegistered is decided', () => {
    given([])
      .when({ type: 'RegisterService', id: 'auctions', serviceName: 'Auctions', status: 'operational', at })
      .then([registered]);
  });

  it('Given a registered service, when it is registered again, then nothing happens', () => {
    given([registered])
      .when({ type: 'RegisterService', id: 'auctions', serviceName: 'Auctions', status: 'issue', at })
      .thenNothingHappened();
  });

  it('Given an operational service, when it is marked as an issue, then ServiceStatusChanged records both states', () => {
    given([registered])
      .when({ type: 'ChangeServiceStatus', id: 'auctions', status: 'issue', at })
      .then([
        {
          type: 'ServiceStatusChanged',
          data: { id: 'auctions', status: 'issue', previousStatus: 'operational', at: at.toISOString() },
        },
      ]);
  });

  it('Given a service already in that state, when the same status is set, then no event is decided', () => {
    given([registered])
      .when({ type: 'ChangeServiceStatus', id: 'auctions', status: 'operational', at })
      .thenNothingHappened();
  });

  it('Given no service, when its status is changed, then it is a 404', () => {
    given([]).when({ type: 'ChangeServiceStatus', id: 'nope', status: 'issue', at }).thenThrows(NotFound);
  });

  it('Given a history, when it is folded, then the state is the last status', () => {
    const changed: ServiceStatusEvent = {
      type: 'ServiceStatusChanged',
      data: { id: 'auctions', status: 'issue', previousStatus: 'operational', at: at.toISOString() },
    };
    expect(given([registered, changed]).state).toEqual({ exists: true, status: 'issue' });
  });
});
