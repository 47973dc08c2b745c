// A webpack loader for React Router's production bundle: it marks its top-level React.forwardRef and
// React.createContext calls as pure, so the components the portal never uses (NavLink, Form, …) are dropped
// from the bundle instead of kept as possible side effects (issue 23: the /login download).
module.exports = function pureReactCalls(source) {
  return source.replace(
    /^(var [A-Za-z0-9_$]+ = )(React\d*\.(?:forwardRef|createContext)\()/gm,
    '$1/* @__PURE__ */ $2',
  );
};
