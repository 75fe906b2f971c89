import { z } from 'zod';
import { assetRowsInput } from '../../contract/assets';
import * as assets from '../../services/portfolio/private-assets';
import type { AssetKind } from '../../services/portfolio/private-assets';
import { declared } from '../../trpc/declared-output';
import { authedProcedure, gpProcedure, router } from '../../trpc/init';
import { idInput } from '../../contract/fields';
import { messageOutput } from '../../contract/outputs';

/** The four calls of one table: list, save new rows (all or none), update a row, delete a row. */
export function assetRouter<K extends AssetKind>(
  kind: K,
  row: z.ZodType<assets.AssetInput, unknown>,
  update: z.ZodType<assets.AssetInput & { id: number }, unknown>,
  output: z.ZodType<assets.AssetView<K>>,
) {
  const list = declared(z.array(output));
  const one = declared(output);
  return router({
    list: authedProcedure.output(list).query(({ ctx }) => assets.listAssets(ctx.deps, kind)),
    save: gpProcedure
      .input(assetRowsInput(row))
      .output(list)
      .mutation(({ ctx, input }) => assets.saveAssets(ctx.deps, ctx.user, kind, input.assets)),
    update: gpProcedure
      .input(update)
      .output(one)
      // tRPC cannot resolve its default-output type over the generic K; `list` checks the same schema.
      .mutation(({ ctx, input }) => assets.updateAsset(ctx.deps, ctx.user, kind, input.id, input) as Promise<never>),
    remove: gpProcedure
      .input(idInput)
      .output(declared(messageOutput))
      .mutation(({ ctx, input }) => assets.deleteAsset(ctx.deps, ctx.user, kind, input.id)),
  });
}
