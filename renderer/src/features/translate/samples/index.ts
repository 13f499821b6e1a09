import type { Sample } from '../../../store/index.js';
import bcWeight from './bc-weight.json?raw';
import bloodPressure from './bloodPressure.json?raw';
import weight from './weight.json?raw';

/** Embedded sample messages (raw text, so the editor shows them exactly as written). */
export const SAMPLES: readonly Sample[] = [
  { id: 'weight', label: 'universAAL weighing scale (weight.json)', text: weight },
  { id: 'bloodPressure', label: 'universAAL blood pressure (bloodPressure.json)', text: bloodPressure },
  { id: 'bc-weight', label: 'BodyCloud weight (bc-weight.json)', text: bcWeight },
];
