import { type Database, featureSwitches, recordAdminAudit, type schema, updateFeatureSetting } from "@kolo/db";
import { DomainError, type FeatureKey } from "@kolo/domain";

/**
 * An admin toggles a feature switch (docs/product.md#admin-console PATCH /api/admin/settings/{key}; docs/decisions.md
 * "Admin": every toggle is audited), the change and its audit record in one database transaction.
 * This process's switch cache forgets at commit; other servers hear the trigger's NOTIFY.
 * Errors: NOT_FOUND 'Setting not found'.
 */
export async function toggleFeatureSetting(db: Database, params: { adminId: number; key: FeatureKey; value: boolean }): Promise<schema.FeatureSettingRow> {
  try {
    return await db.transaction(async (tx) => {
      const changed = await updateFeatureSetting(tx, params.key, params.value);
      if (!changed) throw new DomainError("NOT_FOUND", "Setting not found");
      await recordAdminAudit(tx, {
        adminId: params.adminId,
        action: "setting",
        subject: `setting:${params.key}`,
        before: { value: changed.before.value },
        after: { value: changed.after.value },
      });
      return changed.after;
    });
  } finally {
    featureSwitches(db).invalidate();
  }
}
