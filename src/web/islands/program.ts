import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountProgram } from '../routes/public/program.island';
import { mountIslands } from '../lib/islands';

mountIslands(mountNavBar, mountProgram);
