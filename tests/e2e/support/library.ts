import type { Page } from 'playwright-core';
import type { Plan } from '../../../src/lib/engine/plan/types';
import { serializePlan } from '../../../src/lib/engine/plan/format-json';

/** Puts `plan` into the device's library through the import button of /library, as a person would. */
export async function importPlan(page: Page, plan: Plan, file = 'plan.json'): Promise<void> {
	await page.goto('/library');
	await page.getByTestId('import').setInputFiles({ name: file, mimeType: 'application/json', buffer: Buffer.from(serializePlan(plan)) });
	// Its own entry, not any: a library that already holds plans would let the import still be on its way.
	await page.locator('[data-testid="plans"] > li', { hasText: plan.name }).first().waitFor();
}
