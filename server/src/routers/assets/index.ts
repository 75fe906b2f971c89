import { router } from '../../trpc/init';
import { realEstateRouter } from './real-estate';
import { ventureRouter } from './venture';

/** The dashboards' two editable tables of investments that trade on no market. */
export const assetsRouter = router({
  venture: ventureRouter,
  realEstate: realEstateRouter,
});
