import { setUpSeededTemplate } from './seededTemplate';

export default setUpSeededTemplate;
