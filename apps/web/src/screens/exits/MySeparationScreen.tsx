import { SeparationList } from './SeparationsScreen';

/** /outlet/me/separation: the employee's own resignation. */
export default function MySeparationScreen() {
  return <SeparationList own />;
}
