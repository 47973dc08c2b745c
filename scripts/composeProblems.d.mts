/** Problems of compose.yaml (its text) and the portal's Dockerfile (undefined when missing); empty when fine. */
export function composeProblems(composeText: string, dockerfileText: string | undefined): string[];
