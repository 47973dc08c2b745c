import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, AppState } from './appState';

// The only module that imports the raw react-redux hooks (lint bans them elsewhere).
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();
