/**
 * Plan benchmarks: valid 10x10 plans generated per second (each checked by the
 * validator, as the "surprise me" button does) and the validator's time on a
 * 30x30 plan (the editor runs it on every change).
 */
import { generatePlan } from '../src/lib/engine/plan/generate';
import { validatePlan } from '../src/lib/engine/plan/validate';

function plansPerSecond(): number {
	for (let seed = 0; seed < 300; seed++) generatePlan({ width: 10, height: 10, seed }); // warm up
	const count = 2000;
	const start = performance.now();
	let valid = 0;
	for (let seed = 1000; seed < 1000 + count; seed++) {
		if (validatePlan(generatePlan({ width: 10, height: 10, seed })).errors.length === 0) valid++;
	}
	return valid / ((performance.now() - start) / 1000);
}

function validatorMs30(): number {
	const plans = Array.from({ length: 20 }, (_, seed) => generatePlan({ width: 30, height: 30, seed }));
	for (const plan of plans) validatePlan(plan); // warm up
	const rounds = 25;
	const start = performance.now();
	for (let r = 0; r < rounds; r++) for (const plan of plans) validatePlan(plan);
	return (performance.now() - start) / (rounds * plans.length);
}

export default async () => [
	{ name: 'generator.plans_per_s', value: Math.round(plansPerSecond()), unit: 'plans/s' },
	{ name: 'validator.30x30_ms', value: Number(validatorMs30().toFixed(3)), unit: 'ms' }
];
