/**
 * The stand-in as a package, for other packages' tests: start it in-process on any port
 * (`createTutuSim`) and steer its faults (`FaultRule`). Everything else is its own business.
 */
export { createTutuSim, type TutuSim, type TutuSimOptions } from './app.ts';
export { FAULT_KINDS, FaultRule, type FaultKind } from './control/sim-control.ts';
