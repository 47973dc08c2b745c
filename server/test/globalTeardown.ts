import { tearDownSeededTemplate } from './seededTemplate';

export default tearDownSeededTemplate;
