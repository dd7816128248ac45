/**
 * The stand-in as a package, for other packages' tests: start it in-process on any port
 * (`createTutuSim`) and steer its faults (`FaultRule`); and its settings reader, which
 * deploy/deploy-files.test.ts checks the deployment files against. Everything else is its own business.
 */
export { createTutuSim, type TutuSim, type TutuSimOptions } from './app.ts';
export { FAULT_KINDS, FaultRule, type FaultKind } from './control/sim-control.ts';
export { configFromEnv } from './config.ts';
