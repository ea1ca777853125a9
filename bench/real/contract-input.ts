export { validContract as contractFor } from '../../services/contracts/test/fixtures';
