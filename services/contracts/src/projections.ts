import { contractProjection } from './contract/projection';
import { contractInsightsProjection } from './insights/projection';
import { partnerViewProjection } from './partner-view/projection';
import { contractTemplateProjection } from './template/projection';

/** The service's read models: kept by the service, and by the document worker process after it appends. */
export const contractsProjections = [contractProjection, contractTemplateProjection, partnerViewProjection];

/** The dashboard's read models: no write waits for them (see ServiceDefinition.reportProjections). */
export const contractsReportProjections = [contractInsightsProjection];
