import { contractProjection } from './contract/projection';
import { contractInsightsProjection } from './insights/projection';
import { partnerViewProjection } from './partner-view/projection';
import { contractTemplateProjection } from './template/projection';

/** The service's read models: kept by the service, and by the document worker process after it appends. */
export const contractsProjections = [
  contractProjection,
  contractTemplateProjection,
  partnerViewProjection,
  contractInsightsProjection,
];
