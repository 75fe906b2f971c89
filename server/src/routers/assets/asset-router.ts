import { z } from 'zod';
import { assetRowsInput } from '../../contract/assets';
import type { AssetInput, AssetKind, AssetView, KindAssets } from '../../services/assets/assets';
import { declared } from '../../trpc/declared-output';
import { authedProcedure, gpProcedure, router } from '../../trpc/init';
import { idInput } from '../../contract/fields';
import { messageOutput } from '../../contract/common';

/** The four calls of one table: list, save new rows (all or none), update a row, delete a row. */
export function assetRouter<K extends AssetKind>(
  assets: KindAssets<K>,
  row: z.ZodType<AssetInput, unknown>,
  update: z.ZodType<AssetInput & { id: number }, unknown>,
  output: z.ZodType<AssetView<K>>,
) {
  const list = declared(z.array(output));
  const one = declared(output);
  return router({
    list: authedProcedure.output(list).query(({ ctx }) => assets.list(ctx.deps)),
    save: gpProcedure
      .input(assetRowsInput(row))
      .output(list)
      .mutation(({ ctx, input }) => assets.save(ctx.deps, ctx.user, input.assets)),
    update: gpProcedure
      .input(update)
      .output(one)
      // tRPC cannot resolve its default-output type over the generic K; `list` checks the same schema.
      .mutation(({ ctx, input }) => assets.update(ctx.deps, ctx.user, input.id, input) as Promise<never>),
    remove: gpProcedure
      .input(idInput)
      .output(declared(messageOutput))
      .mutation(({ ctx, input }) => assets.remove(ctx.deps, ctx.user, input.id)),
  });
}
