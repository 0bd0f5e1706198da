import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountIslands } from '../lib/islands';

/** Public pages whose only behaviour is the bar's menu. */
mountIslands(mountNavBar);
