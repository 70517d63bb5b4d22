// Per-token limits and quota windows with the counters in this process (one node).
import { LocalLimitStore } from '../../../src/modules/limits/local-store';
import { describeLimits } from '../../helpers/limits-scenarios';

describeLimits('this process', () => new LocalLimitStore());
