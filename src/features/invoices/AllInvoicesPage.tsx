import { AllInvoicesScreen } from './components/AllInvoicesScreen';

export default function AllInvoicesPage() {
  return <AllInvoicesScreen variant="electricity" />;
}
