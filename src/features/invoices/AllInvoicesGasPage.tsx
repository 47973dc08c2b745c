import { AllInvoicesScreen } from './components/AllInvoicesScreen';

export default function AllInvoicesGasPage() {
  return <AllInvoicesScreen variant="gas" />;
}
