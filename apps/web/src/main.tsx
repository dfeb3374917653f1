// The entry of every build target: vite.config.ts points '#target' at the target's start module
// (src/targets/<target>/main.tsx), so each build holds only its own audience's code.
import { start } from '#target';
import './styles.css';

void start();
